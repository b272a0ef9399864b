// Plays route-fly's CZML camera in a CesiumJS Viewer: `route-fly sample ROUTE -o flight.czml`.
async function flyCZML(viewer, url) {
  const ds = await Cesium.CzmlDataSource.load(url);
  await viewer.dataSources.add(ds);                 // its document packet sets viewer.clock
  const cam = ds.entities.getById('camera');
  const camera = viewer.camera, axes = new Cesium.Matrix3();
  camera.lookAtTransform(Cesium.Matrix4.IDENTITY);  // position and axes in Earth-fixed metres
  viewer.clock.onTick.addEventListener((clock) => {
    const time = clock.currentTime;
    const position = cam.position.getValue(time), rotation = cam.orientation.getValue(time);
    if (!position || !rotation) return;             // outside the flight (its availability)
    Cesium.Matrix3.fromQuaternion(rotation, axes);  // columns: forward, left, up
    Cesium.Cartesian3.clone(position, camera.position);
    Cesium.Matrix3.getColumn(axes, 0, camera.direction);
    Cesium.Matrix3.getColumn(axes, 2, camera.up);
    Cesium.Cartesian3.cross(camera.direction, camera.up, camera.right);
    // fov_vertical is vertical; Cesium's frustum.fov is the horizontal angle when wider than tall.
    const vertical = Cesium.Math.toRadians(cam.properties.fov_vertical.getValue(time));
    const aspect = viewer.canvas.width / viewer.canvas.height;
    camera.frustum.fov = aspect > 1 ? 2 * Math.atan(Math.tan(vertical / 2) * aspect) : vertical;
  });
  viewer.clock.shouldAnimate = true;                // play: the clock starts paused
  return ds;
}
