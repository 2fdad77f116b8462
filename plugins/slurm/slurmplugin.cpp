#include "slurmplugin.h"
