#pragma once

// The clusters, models and training runs the training-model tests share (test_trainingmodel,
// test_parallelismsearch): an H100 cluster, Llama 3 8B and 405B, a training run by sequence and
// batch.

#include "model/training/trainingmodel.h"

namespace cptest {

inline cp::ClusterSpec h100Cluster(long long gpus)
{
    cp::ClusterSpec c;
    c.gpu = cp::GpuSpec{"h100-sxm", 989.4, 1978.9, 80, 3.35};
    c.gpus = gpus;
    c.domainGpus = 8;
    c.scaleUpGbPerSPerGpu = 450;
    c.scaleOutGbpsPerGpu = 400;
    c.tiers = 3;
    return c;
}

inline cp::ModelSpec llama8b()
{
    cp::ModelSpec m;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kvHeads = 8;
    m.ffnHidden = 14336;
    m.vocab = 128256;
    return m;
}

inline cp::ModelSpec llama405b()
{
    cp::ModelSpec m;
    m.layers = 126;
    m.hidden = 16384;
    m.heads = 128;
    m.kvHeads = 8;
    m.ffnHidden = 53248;
    m.vocab = 128256;
    return m;
}

inline cp::TrainingSpec training(int seq, double batchTokens)
{
    cp::TrainingSpec t;
    t.seqLen = seq;
    t.globalBatchTokens = batchTokens;
    t.tokens = 1e12;
    return t;
}

} // namespace cptest
