import RouteKit

/// The library's notices (``RouteFlight/Notice``) in route-fly's words: the sentence, with the options that
/// help where the notice's topic has one.
enum NoticePresentation {
    /// The sentence route-fly prints after `path: note:` or `path: warning:`.
    static func describe(_ notice: RouteFlight.Notice) -> String {
        switch notice.topic {
        case .general:
            return notice.message
        case .missingElevations:
            return String(notice.message.dropLast()) + ": '--terrain <file>' or '--ground-elevation <metres>'."
        case .terrainOffset(let offset, let modelPath):
            return RouteFlight.Notice.terrainOffsetSentence(metres: offset, modelPath: modelPath, heightsOption: "'--input-heights'")
        case .piecesOutOfOrder:
            return notice.message + " '--join-pieces' flies them in that order."
        case .geoidSizedOffset(let offset, let undulation):
            return offset.geoidSizedDescription(undulation: undulation, fix: GroundArguments.ellipsoidalFix)
        }
    }
}

/// Prints `notice` on standard error as `path: note: …` or `path: warning: …`.
func printNotice(_ notice: RouteFlight.Notice, routePath: String) {
    printDiagnostic("\(shownPath(routePath)): \(notice.severity.rawValue): \(NoticePresentation.describe(notice))")
}
