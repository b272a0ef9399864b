import Testing

/// The parent suite of this target's tests of `Sources/RouteKit/Formats` through `route-fly`, so that
/// `swift test --filter Formats` selects them with the library's own (`RouteKitTests.Formats`).
/// Add new suites as `extension Formats`.
@Suite enum Formats {}
