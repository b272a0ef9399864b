// route-bench: benchmarks, run on demand (never part of the tests):
//   swift run -c release route-bench [keyframes|pipeline|linearity] [GPX]
// Each section is a function printing its own figures and ratios.

let arguments = Array(CommandLine.arguments.dropFirst())
let sections = arguments.filter { ["keyframes", "pipeline", "linearity"].contains($0) }
let path = arguments.first { !["keyframes", "pipeline", "linearity"].contains($0) }

print("route-bench")
// The pipeline runs first: the keyframe section replaces the runtime's allocation hook to count
// allocations, and Foundation code run after that has been seen to crash.
if sections.isEmpty || sections.contains("pipeline") { benchmarkPipeline(path: path) }
if sections.isEmpty || sections.contains("linearity") { benchmarkLinearity() }
if sections.isEmpty || sections.contains("keyframes") { benchmarkKeyframes() }
