#include "wrongversionplugin.h"
