// CGDAL: the C interface of GDAL (Debian libgdal-dev, headers in /usr/include/gdal) as seen by Swift.
// gdal.h: raster datasets and bands (GDALOpenEx, GDALRasterIO, GDALGetGeoTransform, ...).
// ogr_srs_api.h: spatial reference systems and coordinate transformations (through PROJ).
// cpl_error.h: the error handler stack, so the library never prints GDAL's messages itself.
// gdal_utils.h: the gdalwarp and gdaldem programs as functions (GDALWarp, GDALDEMProcessing), for map tiles.
// cpl_string.h: string lists (CSLAddString, CSLDestroy), the argument vectors of gdal_utils.h.
// cpl_vsi.h: GDAL's virtual file systems; /vsimem/ holds a tile's PNG bytes in memory, never on disk.
//
// GDAL is not linked: it is opened with dlopen(3) the first time a terrain model or map tile source is
// made (RouteKitTerrain's GDALLibrary). Linking it would load GDAL and the hundred libraries it depends
// on into every process, `route-fly --version` included: about 45 ms of startup on Debian 12, most of a
// run of `info` on a small file. Each function RouteKitTerrain calls is listed once below; its
// pointer type is the header's own declaration (__typeof__), so a call cannot disagree with GDAL's
// prototype. SwiftPM does not recompile RouteKitTerrain's Swift files when this header changes: after
// editing the list, remove .build/*/RouteKitTerrain.build, or files compiled against the old list
// read the functions at the wrong places.
#include <gdal/gdal.h>
#include <gdal/ogr_srs_api.h>
#include <gdal/cpl_error.h>
#include <gdal/cpl_conv.h>
#include <gdal/cpl_vsi.h>
#include <gdal/cpl_string.h>
#include <gdal/gdal_utils.h>
#include <dlfcn.h>
#include <stddef.h>

#define ROUTEKIT_GDAL_FUNCTIONS(X) \
    X(GDALAllRegister) X(GDALOpenEx) X(GDALClose) X(GDALCreate) X(GDALCreateCopy) X(GDALGetDriverByName) \
    X(GDALGetOpenDatasets) X(GDALGetFileList) X(GDALGetGeoTransform) X(GDALGetSpatialRef) X(GDALGetRasterCount) \
    X(GDALGetRasterXSize) X(GDALGetRasterYSize) X(GDALGetRasterBand) X(GDALRasterIO) \
    X(GDALGetRasterNoDataValue) X(GDALGetRasterOffset) X(GDALGetRasterScale) X(GDALGetRasterUnitType) \
    X(GDALWarp) X(GDALWarpAppOptionsNew) X(GDALWarpAppOptionsFree) \
    X(GDALDEMProcessing) X(GDALDEMProcessingOptionsNew) X(GDALDEMProcessingOptionsFree) \
    X(OSRNewSpatialReference) X(OSRClone) X(OSRDestroySpatialReference) X(OSRSetFromUserInput) \
    X(OSRSetAxisMappingStrategy) X(OSRDemoteTo2D) X(OSRStripVertical) X(OSRGetAttrValue) \
    X(OSRGetAuthorityCode) X(OSRGetAxesCount) X(OSRGetLinearUnits) X(OSRGetTargetLinearUnits) X(OSRGetName) \
    X(OSRIsCompound) X(OSRIsGeographic) X(OSRIsProjected) X(OSRIsSameGeogCS) \
    X(OCTNewCoordinateTransformation) X(OCTDestroyCoordinateTransformation) X(OCTTransformEx) \
    X(CPLPushErrorHandler) X(CPLPopErrorHandler) X(CPLQuietErrorHandler) X(CPLErrorReset) \
    X(CPLGetLastErrorMsg) X(CSLAddString) X(CSLDestroy) \
    X(VSIGetMemFileBuffer) X(VSIReadDirRecursive) X(VSIUnlink) X(VSIFree)

/// The GDAL functions RouteKitTerrain calls, as pointers into the loaded library.
typedef struct RouteKitGDALFunctions {
#define ROUTEKIT_GDAL_FIELD(name) __typeof__(&name) _Nonnull name;
    ROUTEKIT_GDAL_FUNCTIONS(ROUTEKIT_GDAL_FIELD)
#undef ROUTEKIT_GDAL_FIELD
} RouteKitGDALFunctions;

/// Fills `functions` from `library` (a handle from dlopen). Returns NULL when every function was
/// found, or the name of the first one missing (static storage; `functions` is then incomplete).
static inline const char *_Nullable routekit_gdal_resolve(RouteKitGDALFunctions *_Nonnull functions,
                                                           void *_Nonnull library) {
#define ROUTEKIT_GDAL_RESOLVE(name) \
    if (!(functions->name = (__typeof__(&name))dlsym(library, #name))) return #name;
    ROUTEKIT_GDAL_FUNCTIONS(ROUTEKIT_GDAL_RESOLVE)
#undef ROUTEKIT_GDAL_RESOLVE
    return NULL;
}
