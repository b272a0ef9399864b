// zlib (deflate and crc32) from Debian's zlib1g-dev. Only Sources/RouteKit/Output (writing KMZ) and Formats/Compressed (reading KMZ, .gz) import it.
#include <zlib.h>
