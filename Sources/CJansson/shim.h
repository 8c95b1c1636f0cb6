// The one header Swift sees of libjansson (Debian package libjansson-dev).
#ifndef CROSSFIRE_CJANSSON_SHIM_H
#define CROSSFIRE_CJANSSON_SHIM_H
#include <jansson.h>
#endif
