// The helpers shared with the other test targets (isClose, angularDistance, SplitMix64), visible in
// every file of this target.
@_exported import TestSupport
