#include "railonlyplugin.h"
