// CGDAL: the C interface of GDAL (Debian libgdal-dev) as seen by Swift.
// gdal.h: raster datasets and bands (GDALOpenEx, GDALRasterIO, GDALGetGeoTransform, ...).
// ogr_srs_api.h: spatial reference systems and coordinate transformations (through PROJ).
// cpl_error.h: the error handler stack, so the library never prints GDAL's messages itself.
// gdal_utils.h: the gdalwarp, gdaldem and gdal_translate programs as functions (GDALWarp, GDALDEMProcessing,
// GDALTranslate), for map tiles.
// cpl_string.h: string lists (CSLAddString, CSLDestroy), the argument vectors of gdal_utils.h.
// cpl_vsi.h: GDAL's virtual file systems; /vsimem/ holds a tile's PNG bytes in memory, never on disk.
#include <gdal.h>
#include <ogr_srs_api.h>
#include <cpl_error.h>
#include <cpl_conv.h>
#include <cpl_vsi.h>
#include <cpl_string.h>
#include <gdal_utils.h>
