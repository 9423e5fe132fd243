#ifndef TOOLKIT_CZSTD_SHIM_H
#define TOOLKIT_CZSTD_SHIM_H
// For ZSTD_customMem and ZSTD_createCCtx_advanced (exported by libzstd.so since 1.0; stable in practice).
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>
#endif
