#include "racklistplugin.h"

#include "model/core/textcells.h"

#include <sstream>

namespace cp {

std::vector<ExportedFile> RackListExporter::exportDesign(const Design &design, const Catalog &catalog) const
{
    std::ostringstream out;
    out << "rack\trow\ttype\tx_m\ty_m\tdevices\n";
    for (const Rack &r : design.racks) {
        int devices = 0;
        for (const Mount &m : r.contents)
            if (catalog.contains(m.catalogId))
                devices += m.count;
        out << tsvField(r.id) << '\t' << tsvField(r.row) << '\t' << tsvField(r.catalogId) << '\t' << r.xM << '\t'
            << r.yM << '\t' << devices << '\n';
    }
    return {{"racks.tsv", out.str()}};
}

} // namespace cp
