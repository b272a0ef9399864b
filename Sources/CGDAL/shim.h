// CGDAL: the C interface of GDAL (Debian libgdal-dev) as seen by Swift.
// gdal.h: raster datasets and bands (GDALOpenEx, GDALRasterIO, GDALGetGeoTransform, ...).
// ogr_srs_api.h: spatial reference systems and coordinate transformations (through PROJ).
// cpl_error.h: the error handler stack, so the library never prints GDAL's messages itself.
#include <gdal.h>
#include <ogr_srs_api.h>
#include <cpl_error.h>
#include <cpl_conv.h>
