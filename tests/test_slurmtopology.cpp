// The Slurm topology exporter (plugins/slurm): host lists, node names as the design names its
// devices, one switch per leaf group, per pod and per super-pod, and clear refusals. slurmctld itself
// reads the files in tests/slurm/slurm_topology.sh.

#include "model/core/catalog.h"
#include "model/core/design.h"
#include "model/edit/rackcontents.h"
#include "model/generate/templates.h"
#include "slurmtopology.h"
#include "testsupport.h"

#include <regex>
#include <set>

using namespace cp;

namespace {

/// The SwitchName lines' names.
std::vector<std::string> switchNames(const std::string &conf)
{
    std::vector<std::string> out;
    const std::regex line(R"(^SwitchName=(\S+))", std::regex::multiline);
    for (auto it = std::sregex_iterator(conf.begin(), conf.end(), line); it != std::sregex_iterator(); ++it)
        out.push_back((*it)[1]);
    return out;
}

} // namespace

class TestSlurmTopology : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void hostListsCompress();
    void classicDesignHasALeafPerRowAndASpine();
    void supernodeTraysAreNodes();
    void largeFabricHasPodsAndCores();
    void refusesWhatSlurmCannotName();
};

void TestSlurmTopology::hostListsCompress()
{
    QCOMPARE(hostList({"C001-U02", "C001-U10", "C001-U18", "C001-U26"}), std::string("C001-U[02,10,18,26]"));
    QCOMPARE(hostList({"S001-U01-T01", "S001-U01-T02", "S001-U01-T03", "S002-U01-T01"}),
             std::string("S001-U01-T[01-03],S002-U01-T01"));
    QCOMPARE(hostList({"a9", "a10", "b"}), std::string("a9,a10,b")); // widths differ: not one range
    QCOMPARE(hostList({}), std::string());
}

void TestSlurmTopology::classicDesignHasALeafPerRowAndASpine()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 1024, ""}, c);
    const SlurmTopology t = slurmTopology(d, c);
    QCOMPARE(t.nodes, 128LL); // 128 DGX H100 servers
    QCOMPARE(t.switches, (std::vector<std::string>{"leaf-row-01", "leaf-row-02", "leaf-row-03", "leaf-row-04", "spine"}));
    QCOMPARE(switchNames(t.topologyConf), t.switches);
    // Nodes are named as the design names its devices: rack id and lowest U.
    const std::vector<RackDevice> first = rackDevices(d.racks.front(), c);
    QVERIFY(t.topologyConf.find(deviceName(d.racks.front().id, first.front().u).substr(0, 6)) != std::string::npos);
    QVERIFY(t.topologyConf.find("SwitchName=spine Switches=leaf-row-01,leaf-row-02,leaf-row-03,leaf-row-04\n")
            != std::string::npos);
    QVERIFY(t.nodesConf.find("NodeName=C001-U[02,10,18,26] State=FUTURE Feature=dgx-h100") != std::string::npos);
}

void TestSlurmTopology::supernodeTraysAreNodes()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"supernode", 1152, ""}, c);
    const SlurmTopology t = slurmTopology(d, c);
    QCOMPARE(t.nodes, 16LL * 18); // 16 NVL72 racks of 18 compute trays
    QVERIFY(t.topologyConf.find("-T[01-18]") != std::string::npos);
    QCOMPARE(switchNames(t.topologyConf).back(), std::string("spine"));
}

void TestSlurmTopology::largeFabricHasPodsAndCores()
{
    const Catalog c = Catalog::builtin();
    const Design d = generateTemplate({"classic", 100000, ""}, c);
    const SlurmTopology t = slurmTopology(d, c);
    QCOMPARE(t.nodes, 12500LL);
    const std::vector<std::string> names = switchNames(t.topologyConf);
    QCOMPARE(names, t.switches);
    QCOMPARE(std::set<std::string>(names.begin(), names.end()).size(), names.size()); // unique
    // Leaf groups, then spine pods, then cores, then one top switch.
    QCOMPARE(names.back(), std::string("super-core"));
    QVERIFY(std::count_if(names.begin(), names.end(), [](const std::string &n) { return n.rfind("spine-pod", 0) == 0; }) > 1);
    QVERIFY(std::count_if(names.begin(), names.end(), [](const std::string &n) { return n.rfind("core-superpod", 0) == 0; }) > 1);
}

void TestSlurmTopology::refusesWhatSlurmCannotName()
{
    const Catalog c = Catalog::builtin();
    Design d = generateTemplate({"classic", 1024, ""}, c);
    d.racks.front().id = "C 001"; // a space: no Slurm node name
    QVERIFY_THROWS_EXCEPTION(std::runtime_error, slurmTopology(d, c));
    Design empty = d;
    for (Rack &r : empty.racks)
        r.contents.clear();
    try {
        slurmTopology(empty, c);
        QFAIL("a design without GPU nodes was exported");
    } catch (const std::runtime_error &e) {
        QVERIFY(std::string(e.what()).find("no GPU servers or supernodes") != std::string::npos);
    }
}

QTEST_GUILESS_MAIN(TestSlurmTopology)
#include "test_slurmtopology.moc"
