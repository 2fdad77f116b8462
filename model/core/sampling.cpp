#include "model/core/sampling.h"

#include <algorithm>
#include <cmath>

namespace cp {

double standardNormal(double u1, double u2)
{
    const double a = std::max(u1, 1e-300);
    return std::clamp(std::sqrt(-2.0 * std::log(a)) * std::cos(2.0 * M_PI * u2), -3.0, 3.0);
}

double splitLogFactor(double z, double low, double high)
{
    const double spread = z >= 0 ? std::log(std::max(1.0, high)) : std::log(1.0 / std::clamp(low, 1e-9, 1.0));
    return std::exp(z * spread / kZ90);
}

double nearestRankQuantile(std::vector<double> v, double q)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const size_t k = size_t(std::ceil(q * double(v.size())));
    return v[std::min(v.size() - 1, k > 0 ? k - 1 : 0)];
}

} // namespace cp
