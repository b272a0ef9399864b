/// Every `route-fly` subcommand, in the order the overview lists them: the one table dispatch, the help
/// and the suggestions for a mistyped name read.
enum Subcommands {
    static var all: [any Subcommand.Type] { [
        SampleOptions.self, RenderOptions.self, PreviewOptions.self, PlanOptions.self,
        InfoOptions.self, CheckOptions.self, ProfileOptions.self,
    ] }

    /// The subcommand called `name`, or `nil`.
    static func named(_ name: String) -> (any Subcommand.Type)? {
        all.first { $0.name == name }
    }

    /// The names `route-fly` takes as its first argument, `help` last.
    static var names: [String] { all.map { $0.name } + ["help"] }
}
