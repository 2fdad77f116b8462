#include "failinitplugin.h"

#include <cstdlib>
#include <stdexcept>

namespace cp {

bool FailInitPlugin::initialize(std::string &error)
{
    if (std::getenv("CP_TEST_FAILINIT_THROW"))
        throw std::runtime_error("data file missing");
    error = "licence server unreachable";
    return false;
}

} // namespace cp
