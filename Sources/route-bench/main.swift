// route-bench: benchmarks, run on demand (never part of the tests):
//   swift run -c release route-bench [keyframes|pipeline|linearity|capture|render] [GPX] [--frames N]
// (capture and render run only when named: they need Chromium and ffmpeg; capture takes min(N, 60) frames a
// format, render min(N, 600) frames of the README route at 1280x720, and a quarter of them first)
// Each section is a function printing its own figures and ratios.

var arguments = Array(CommandLine.arguments.dropFirst())
var frames = 36_000
if let k = arguments.firstIndex(of: "--frames"), k + 1 < arguments.count, let n = Int(arguments[k + 1]), n > 0 {
    frames = n
    arguments.removeSubrange(k...(k + 1))
}
let sectionNames = ["keyframes", "pipeline", "linearity", "capture", "render"]
let sections = arguments.filter { sectionNames.contains($0) }
let path = arguments.first { !sectionNames.contains($0) }

print("route-bench")
// The pipeline runs first: the keyframe section replaces the runtime's allocation hook to count
// allocations, and Foundation code run after that has been seen to crash.
if sections.contains("capture") { benchmarkCapture(frames: min(frames, 60)) }
if sections.contains("render") { benchmarkRender(path: path, frames: min(frames, 600)) }
if sections.isEmpty || sections.contains("pipeline") { benchmarkPipeline(path: path, frames: frames) }
if sections.isEmpty || sections.contains("linearity") { benchmarkLinearity() }
if sections.isEmpty || sections.contains("keyframes") { benchmarkKeyframes() }
