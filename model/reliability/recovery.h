#pragma once

// The recovery side of the reliability stage (model/reliability/reliability.cpp): what the
// policy's mechanisms cost the job, where goodput goes, and the warnings. Internal to the folder.

namespace cp {

struct Design;
struct Results;
struct ReliabilityResults;
struct ResiliencePolicy;

namespace resilience {

/// Detection, restart for the job's size, the checkpoint kind's stall and restore, warm-up and the
/// checkpoint interval, into rel.job and the policy's figures.
void recovery(const Design &design, const Results &earlier, const ResiliencePolicy &policy, ReliabilityResults &rel);
/// Where goodput goes: the checkpoint stalls, rework, recoveries and repairs as shares of wall
/// time. The goodput formula is a product; its first-order terms are scaled to sum to 1 − G.
void waterfall(ReliabilityResults &rel);
/// A design whose figures say it cannot train, with the biggest reason.
void warnings(ReliabilityResults &rel);

} // namespace resilience
} // namespace cp
