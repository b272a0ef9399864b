extension FlightOptions {
    /// A flight option that a caller set on purpose, as opposed to left at its default: what
    /// ``conflict(amongSettings:withScript:)`` checks against the preset and the other settings, so that
    /// an option a flight would not use is refused rather than silently ignored.
    package enum Setting: String, CaseIterable, Hashable, Sendable, Comparable {
        case preset, timing, duration, speedup, skipIdle, simplify, heading, lookAhead, maxTurnRate
        case viewport, fieldOfView, pitch, distance, intro, outro, returnDuration, gaps, rho

        package static func < (a: Setting, b: Setting) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Why a set of settings does not fit together.
    package enum SettingConflict: Hashable, Sendable {
        /// `speedup` or `skipIdle` without `recorded` timing.
        case needsRecordedTiming(Setting)
        /// `speedup` and `duration` both give a recorded flight's length.
        case lengthGivenTwice
        /// The preset does not use this setting.
        case unusedByPreset(Setting, Preset)
        /// `lookAhead` shapes only the `along` heading.
        case lookAheadWithoutAlongHeading
        /// `overview` and `orbit` take only a fixed heading (their starting heading).
        case onlyFixedHeading(Preset)
        /// `wwdc` times the route with `equal` or `distance` timing, never `recorded`.
        case recordedTimingForWWDC
        /// With a camera script the script decides the flight: only `viewport` and `fieldOfView` apply.
        case decidedByScript(Setting)
        /// A group flight (``GroupFlightPlanner``) does not use this setting (``groupSettings``); `timing`
        /// is refused unless it is `recorded`, the only timing a group flies with.
        case unusedByGroup(Setting)
        /// ``GroupPreset/frameAll`` keeps a fixed heading (north, or `heading` `fixed`): it does not use
        /// this setting (`lookAhead`, `maxTurnRate`, or a heading that is not fixed).
        case unusedByFrameAll(Setting)
    }

    /// The settings a group flight uses (``GroupFlightPlanner``): its length (`duration` or `speedup`),
    /// the fly-in and pull-out, the camera's pitch, distance and heading, the turn limit, the framing and
    /// rho. `timing` is accepted when it is `recorded`.
    package static let groupSettings: Set<Setting> = [
        .timing, .duration, .speedup, .intro, .outro, .pitch, .distance, .heading, .lookAhead, .maxTurnRate,
        .viewport, .fieldOfView, .rho,
    ]

    /// The first reason the settings given do not fit a group flight with `preset`, or `nil`: a setting
    /// groups do not use (or a timing other than `recorded`), `speedup` with `duration`, for `frameAll`
    /// a setting of a turning camera, `lookAhead` without the `along` heading.
    package func groupConflict(amongSettings given: Set<Setting>, preset: GroupPreset) -> SettingConflict? {
        if let unused = given.subtracting(Self.groupSettings).min() { return .unusedByGroup(unused) }
        if given.contains(.timing), timing != .recorded { return .unusedByGroup(.timing) }
        if given.contains(.speedup) && given.contains(.duration) { return .lengthGivenTwice }
        if preset == .frameAll {
            if let unused = given.intersection([.lookAhead, .maxTurnRate]).min() { return .unusedByFrameAll(unused) }
            if given.contains(.heading), heading.fixedValue == nil { return .unusedByFrameAll(.heading) }
        }
        if given.contains(.lookAhead), heading != .along { return .lookAheadWithoutAlongHeading }
        return nil
    }

    /// The settings each preset uses: `viewport`, `fieldOfView` and `duration` everywhere; `wwdc` adds
    /// `timing` and `returnDuration`; `follow` everything but `returnDuration`; `overview` and `orbit`
    /// add `pitch`, `distance` and `heading`.
    package static func settings(usedBy preset: Preset) -> Set<Setting> {
        let everywhere: Set<Setting> = [.preset, .viewport, .fieldOfView, .duration]
        switch preset {
        case .wwdc: return everywhere.union([.timing, .returnDuration])
        case .follow: return Set(Setting.allCases).subtracting([.returnDuration])
        case .overview, .orbit: return everywhere.union([.pitch, .distance, .heading])
        }
    }

    /// The first reason the settings a caller gave (`given`) do not fit these options, or `nil`. The
    /// checks, in order: `speedup`/`skipIdle` need recorded timing; `speedup` with `duration`; a setting
    /// the preset does not use (the first in declaration order); `lookAhead` without the `along` heading;
    /// a non-fixed heading for `overview` or `orbit`; recorded timing for `wwdc`; and, when a camera
    /// script decides the flight (`withScript`), any setting but `viewport` and `fieldOfView`.
    ///
    /// The values themselves are checked by ``problem``; this checks only what was combined.
    package func conflict(amongSettings given: Set<Setting>, withScript: Bool = false) -> SettingConflict? {
        for setting in [Setting.speedup, .skipIdle] where given.contains(setting) && timing != .recorded {
            return .needsRecordedTiming(setting)
        }
        if given.contains(.speedup) && given.contains(.duration) { return .lengthGivenTwice }
        if let unused = given.subtracting(Self.settings(usedBy: preset)).min() { return .unusedByPreset(unused, preset) }
        if given.contains(.lookAhead), heading != .along { return .lookAheadWithoutAlongHeading }
        if preset == .overview || preset == .orbit, given.contains(.heading), heading.fixedValue == nil {
            return .onlyFixedHeading(preset)
        }
        if preset == .wwdc && timing == .recorded { return .recordedTimingForWWDC }
        if withScript, let first = given.subtracting([.viewport, .fieldOfView]).min() { return .decidedByScript(first) }
        return nil
    }
}
