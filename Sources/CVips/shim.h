#ifndef TOOLKIT_CVIPS_SHIM_H
#define TOOLKIT_CVIPS_SHIM_H
#include <vips/vips.h>
#endif
