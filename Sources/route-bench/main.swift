print("route-bench")
