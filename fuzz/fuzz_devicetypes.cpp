// Fuzz target: a NetBox device-type YAML file as the NetBox plugin's importer reads it
// (`import-devicetypes FILE -o CATALOG.json`) — yaml-cpp's parser, the importer's reading of
// u_height, weight, power ports, interfaces and module bays, its guesses of the part's kind, and
// the check of the catalog it builds against the catalog loader. The importer's source is compiled
// into the target (it is Qt-free); the plugin's Qt object only hands it out.

#include "model/core/catalog.h"
#include "fuzzsupport.h"
#include "netboxexporter.h"

#include <nlohmann/json.hpp>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const cp::Catalog known = cp::Catalog::builtin();
    static const cp::NetBoxDeviceTypeImporter importer;
    const std::string &path = cpfuzz::scratchPath(".yaml");
    cpfuzz::writeBytes(path, data, size);
    cpfuzz::expectCleanAnswer([&] {
        const cp::ImportResult result = importer.importFiles({path}, known);
        (void)result.catalog.toJson();
    });
    return 0;
}
