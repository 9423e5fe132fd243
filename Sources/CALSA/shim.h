#ifndef TOOLKIT_CALSA_SHIM_H
#define TOOLKIT_CALSA_SHIM_H
#include <alsa/asoundlib.h>
#endif
