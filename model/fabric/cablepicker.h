#pragma once

// How the fabric picks a cable type for a link: passive copper while it reaches, then active
// copper, then the cheapest optics that reach. The fabric stage and the exporters that cable a
// design (NetBox) pick with this one rule.

#include "model/core/catalog.h"

#include <algorithm>
#include <map>
#include <vector>

namespace cp {

inline int mediumRank(const CatalogEntry &c)
{
    const std::string m = c.attribute("medium");
    if (m == "dac")
        return 0;
    if (m == "aec")
        return 1;
    return 2; // optics: AOC or a transceiver pair
}

/// A cable type with the figures routing needs, read from the catalog once.
struct CableType
{
    const CatalogEntry *entry;
    int rank;      ///< 0 passive copper, 1 active copper, 2 optics
    double reachM;
    double powerW;
    double priceUsd;
};

/// Picks cables by reach, reading the catalog once;: passive copper while it reaches, then active copper, then the cheapest
/// optics that reach.
class CablePicker
{
public:
    CablePicker(const Catalog &catalog)
    {
        for (const CatalogEntry *c : catalog.ofKind(PartKind::Cable))
            mBySpeed[c->figure("gbps")].push_back({c, mediumRank(*c), c->figure("max_length_m"),
                                                  c->figure("power_w"), c->figure("price_usd")});
        for (auto &[speed, list] : mBySpeed)
            std::sort(list.begin(), list.end(), [](const CableType &a, const CableType &b) {
                if (a.rank != b.rank)
                    return a.rank < b.rank;
                if (a.rank < 2)
                    return a.reachM < b.reachM;
                return a.priceUsd < b.priceUsd;
            });
    }

    /// The cable for `lengthM` at `gbps`; nullptr when the catalog has none of that speed.
    /// `tooLong` is set when nothing reaches and the longest-reaching cable is returned.
    const CableType *pick(double gbps, double lengthM, bool &tooLong) const
    {
        tooLong = false;
        const std::vector<CableType> *list = typesFor(gbps);
        return list ? pick(*list, lengthM, tooLong) : nullptr;
    }

    /// The cable types a link of `gbps` may use, best first; nullptr when the catalog has none.
    const std::vector<CableType> *typesFor(double gbps) const
    {
        auto it = mBySpeed.find(gbps);
        if (it == mBySpeed.end()) {
            // Breakout: a faster port split into lanes of this speed uses the faster cable type.
            it = mBySpeed.upper_bound(gbps);
            if (it == mBySpeed.end())
                return nullptr;
        }
        return &it->second;
    }

    /// The first of `types` that reaches `lengthM`, else the longest-reaching (`tooLong` set).
    static const CableType *pick(const std::vector<CableType> &types, double lengthM, bool &tooLong)
    {
        tooLong = false;
        const CableType *longest = nullptr;
        for (const CableType &c : types) {
            if (c.reachM >= lengthM)
                return &c;
            if (!longest || c.reachM > longest->reachM)
                longest = &c;
        }
        tooLong = true;
        return longest;
    }

private:
    std::map<double, std::vector<CableType>> mBySpeed;
};

} // namespace cp
