#ifndef TOOLKIT_CZSTD_SHIM_H
#define TOOLKIT_CZSTD_SHIM_H
#include <zstd.h>
#include <zstd_errors.h>
#endif
