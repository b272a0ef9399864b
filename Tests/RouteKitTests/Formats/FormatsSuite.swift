import Testing

/// The parent suite of every test of `Sources/RouteKit/Formats`, so that
/// `swift test --filter Formats` selects them all (Swift Testing filters on the test's identifier,
/// `RouteKitTests.Formats/<Suite>/<test>`, not on the folder). Add new suites as `extension Formats`.
@Suite enum Formats {}
