#include "simulatorsplugin.h"
