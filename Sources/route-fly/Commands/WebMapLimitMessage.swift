import Foundation
import RouteKit

/// Why a web map (MapLibre GL JS, Mapbox GL JS, deck.gl) cannot show a frame as it is, and what to change,
/// for `sample --format maplibre` and `preview` (after "PATH: error: ").
func webMapLimitMessage(_ pose: CameraPose, _ limit: MapLibrePoseWriter.Limit, maximumPitch: Double, preview: Bool) -> String {
    let frame = "frame \(pose.frame) (t=\(FixedDecimal.string(pose.time, places: 3)) s)"
    // Enough decimals that a pitch just above the limit does not read as equal to it.
    func degrees(_ v: Double) -> String { FixedDecimal.string(v, places: abs(v - maximumPitch) < 0.01 ? 4 : 2) }
    switch limit {
    case .pitch(let pitch):
        if preview || maximumPitch >= MapLibrePoseWriter.highestMaximumPitch {
            return "\(frame) has a pitch of \(degrees(pitch)) degrees, above \(preview ? "MapLibre's highest maxPitch" : "the web map's maximum"), \(CheckOptions.shown(maximumPitch)): lower '--pitch'"
        }
        return "\(frame) has a pitch of \(degrees(pitch)) degrees, above the web map's maximum of \(CheckOptions.shown(maximumPitch)) (MapLibre and deck.gl allow 60 by default, Mapbox 85): lower '--pitch', or raise the map's maxPitch (MapLibre accepts up to 85) and pass '--max-pitch' with it"
    case .latitude(let latitude):
        return "\(frame) is centred at latitude \(FixedDecimal.string(latitude, places: 4)), beyond Web Mercator's \(FixedDecimal.string(MapLibrePoseWriter.maximumLatitude, places: 4)) degrees, where a web map clamps the centre (hundreds of kilometres off near a pole): use another format (kml, czml, earth-studio, csv) for this route"
    case .zoom(let zoom):
        return "\(frame) needs zoom \(FixedDecimal.string(zoom, places: 2)), above the highest a web map allows (\(FixedDecimal.string(MapLibrePoseWriter.maximumZoom, places: 0)); the camera is \(FixedDecimal.string(pose.camera.distance, places: 1)) m from the centre): raise '--distance', or use a preset that frames the route from further out"
    }
}
