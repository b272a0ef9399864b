// The helpers shared with the other test targets, visible in every file of this target.
@_exported import TestSupport
