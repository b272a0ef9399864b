// CProj: the C interface of PROJ (Debian libproj-dev) as seen by Swift.
// geodesic.h: Karney's geodesic algorithms (geod_init, geod_inverse, geod_direct, ...).
// proj.h: coordinate operations (not used for geodesics; kept for transformations).
#include <proj.h>
#include <geodesic.h>
