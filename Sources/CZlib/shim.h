// zlib (deflate and crc32) from Debian's zlib1g-dev. Only Sources/RouteKit/Output imports it (KMZ).
#include <zlib.h>
