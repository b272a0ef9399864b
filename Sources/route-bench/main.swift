// route-bench: run on demand with
//   swift run -c release --scratch-path /tmp/build-anim-rel route-bench
// Each section is a function printing its own figures.

print("route-bench")
benchmarkKeyframes()
