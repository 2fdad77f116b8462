#pragma once

#include <optional>
#include <string>
#include <vector>

namespace cp {

struct ReliabilitySettings;

/// Where a checkpoint goes and what the training loop waits for (docs/reliability.md, "Policy").
enum class CheckpointKind {
    Blocking, ///< training stops while the state is written to storage
    Async,    ///< training stops for a copy to host memory; storage is written in the background
    InMemory, ///< as Async, and the host copy is replicated to a peer: restores come from memory
};
const char *checkpointKindName(CheckpointKind k);
std::optional<CheckpointKind> checkpointKindFromName(const std::string &name);

/// What happens to a part of the job a failure took away when no spare covers it.
enum class WithoutSpare {
    Shrink, ///< restart without the lost data-parallel replicas until the repair
    Wait,   ///< the job waits until the part is repaired
};
const char *withoutSpareName(WithoutSpare w);
std::optional<WithoutSpare> withoutSpareFromName(const std::string &name);

/// The part kinds whose repair times differ.
enum class RepairKind { Gpu, Host, Network, Facility };

/// How a training team detects, restarts and checkpoints: the mechanisms the time lost per failure
/// is made of. Presets (resiliencePresets()) or the design's own values ("custom").
struct ResiliencePolicy
{
    std::string name = "custom";
    double detectMinutes = 5.0;   ///< fault → the job notices (watchdog timeout, health check)
    double launchMinutes = 10.0;  ///< scheduler, processes and containers: does not grow with the job
    /// Communicator and rendezvous initialisation: initSecondsAt1k × (GPUs / 1,024)^initExponent.
    double initSecondsAt1k = 0.0;
    double initExponent = 1.0;
    double warmupMinutes = 5.0;   ///< after the restore, until steps run at full speed
    CheckpointKind checkpoint = CheckpointKind::Blocking;
    WithoutSpare withoutSpare = WithoutSpare::Shrink;
    double repairGpuH = 24.0;      ///< a failed GPU (tray, board) back in service
    double repairHostH = 24.0;     ///< host parts of a server or compute tray
    double repairNetworkH = 24.0;  ///< switch, NIC, cable or optic
    double repairFacilityH = 24.0; ///< power or cooling unit

    /// Restart on healthy GPUs for a job of `gpus` GPUs (minutes): launch + initialisation.
    double restartMinutes(double gpus) const;
    double repairHours(RepairKind k) const;
};

/// One named preset with its one-line description (for the window and the docs).
struct PolicyPreset
{
    ResiliencePolicy policy;
    std::string label;
    std::string description;
};

/// "2021-baseline", "llama3-2024", "state-of-the-art", in that order.
const std::vector<PolicyPreset> &resiliencePresets();

/// The policy the design's settings ask for: a preset's values, or for "custom" the settings' own.
/// Empty optional when the name is unknown.
std::optional<ResiliencePolicy> resolvePolicy(const ReliabilitySettings &s);

/// The preset names and "custom", for messages.
std::string policyNames();

} // namespace cp
