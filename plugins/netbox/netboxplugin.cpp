#include "netboxplugin.h"
