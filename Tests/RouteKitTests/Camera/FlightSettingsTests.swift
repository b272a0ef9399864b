import Testing
@testable import RouteKit

/// ``FlightOptions/conflict(amongSettings:withScript:)``: the settings a caller gave are checked against
/// the preset and each other in the library, so that a caller other than route-fly gets the same rules.
@Suite struct FlightSettingsTests {
    @Test func settingsAPresetDoesNotUseAreRefused() {
        var options = FlightOptions()
        options.preset = .wwdc
        #expect(options.conflict(amongSettings: [.preset, .intro]) == .unusedByPreset(.intro, .wwdc))
        #expect(options.conflict(amongSettings: [.preset, .returnDuration, .timing, .duration]) == nil)
        options.preset = .orbit
        #expect(options.conflict(amongSettings: [.pitch, .distance, .gaps, .rho]) == .unusedByPreset(.gaps, .orbit))
        options.heading = .along
        #expect(options.conflict(amongSettings: [.heading]) == .onlyFixedHeading(.orbit))
        options.heading = .fixed(90)
        #expect(options.conflict(amongSettings: [.heading]) == nil)
        options.preset = .follow
        #expect(options.conflict(amongSettings: [.returnDuration]) == .unusedByPreset(.returnDuration, .follow))
    }

    @Test func recordedTimingRules() {
        var options = FlightOptions()
        #expect(options.conflict(amongSettings: [.speedup]) == .needsRecordedTiming(.speedup))
        #expect(options.conflict(amongSettings: [.skipIdle]) == .needsRecordedTiming(.skipIdle))
        options.timing = .recorded
        #expect(options.conflict(amongSettings: [.speedup, .skipIdle]) == nil)
        #expect(options.conflict(amongSettings: [.speedup, .duration]) == .lengthGivenTwice)
        options.preset = .wwdc
        #expect(options.conflict(amongSettings: [.timing]) == .recordedTimingForWWDC)
    }

    @Test func lookAheadNeedsTheAlongHeadingAndAScriptDecidesTheRest() {
        var options = FlightOptions()
        options.heading = .endpoints
        #expect(options.conflict(amongSettings: [.heading, .lookAhead]) == .lookAheadWithoutAlongHeading)
        options.heading = .along
        #expect(options.conflict(amongSettings: [.viewport, .fieldOfView], withScript: true) == nil)
        #expect(options.conflict(amongSettings: [.viewport, .pitch, .intro], withScript: true) == .decidedByScript(.pitch))
    }

    @Test func everyPresetUsesTheFramingAndTheDuration() {
        for preset in FlightOptions.Preset.allCases {
            #expect(FlightOptions.settings(usedBy: preset).isSuperset(of: [.preset, .viewport, .fieldOfView, .duration]), "\(preset)")
        }
        #expect(FlightOptions.settings(usedBy: .follow).count == FlightOptions.Setting.allCases.count - 1)
    }
}

extension FlightSettingsTests {
    @Test func groupFlightsRefuseWhatTheyDoNotUse() {
        var options = FlightOptions()
        #expect(options.groupConflict(amongSettings: [.duration, .pitch, .intro], preset: .leader) == nil)
        #expect(options.groupConflict(amongSettings: [.simplify], preset: .leader) == .unusedByGroup(.simplify))
        #expect(options.groupConflict(amongSettings: [.preset], preset: .leader) == .unusedByGroup(.preset))
        #expect(options.groupConflict(amongSettings: [.timing], preset: .leader) == .unusedByGroup(.timing))
        options.timing = .recorded
        #expect(options.groupConflict(amongSettings: [.timing, .speedup], preset: .leader) == nil)
        #expect(options.groupConflict(amongSettings: [.speedup, .duration], preset: .leader) == .lengthGivenTwice)
        #expect(options.groupConflict(amongSettings: [.maxTurnRate], preset: .frameAll) == .unusedByFrameAll(.maxTurnRate))
        #expect(options.groupConflict(amongSettings: [.heading], preset: .frameAll) == .unusedByFrameAll(.heading))
        options.heading = .fixed(30)
        #expect(options.groupConflict(amongSettings: [.heading], preset: .frameAll) == nil)
    }
}
