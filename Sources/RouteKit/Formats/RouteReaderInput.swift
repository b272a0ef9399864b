/// Where a ``RouteReader``'s bytes come from: a local file (read where it lies: streamed or
/// memory-mapped, never held twice) or bytes already in memory. Opaque: RouteKit makes it in the
/// reader's entry points and in ``RouteFile``.
package struct RouteReaderInput: Sendable {
    package let input: RouteInput

    package init(_ input: RouteInput) {
        self.input = input
    }
}
