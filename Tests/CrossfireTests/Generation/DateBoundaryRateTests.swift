import Crossfire
import Foundation
import ModelSchema
import Testing

/// Dates within decades of 1970 whose sub-microsecond digits sit just below a microsecond
/// boundary come often enough to be checked: at least one case in 1,000 of those that hold a
/// Date, in every preset profile. There a `Date` steps by about 119 ns, so that storage's cut
/// to the microsecond and `Timestamp(date:)`'s truncation to nanoseconds meet rounding, and two
/// such dates a microsecond apart in a set come back as each other's neighbours.
struct DateBoundaryRateTests {
    /// Seconds either side of 1970 that count as "within decades of 1970" here: forty years,
    /// inside the generator's own range, so that the test does not lean on its exact bound.
    static let decades: Double = 40 * 365 * 86_400

    /// Whether `date` is within decades of 1970 and one to four representable `Date`s below
    /// the `Date` nearest a whole microsecond since 1970 (worked out here from the Double,
    /// apart from the generator).
    static func isJustBelowMicrosecond(_ date: Date) -> Bool {
        let since1970 = date.timeIntervalSince1970
        guard abs(since1970) < decades else { return false }
        let seconds = since1970.rounded(.down)
        let microseconds = ((since1970 - seconds) * 1e6).rounded(.up)
        var below = (seconds - 978_307_200) + microseconds / 1e6
        for _ in 1...4 {
            below = below.nextDown
            if below == date.timeIntervalSinceReferenceDate { return true }
        }
        return false
    }

    /// Every Date a model value holds, at any depth.
    static func dates(in value: ModelValue) -> [Date] {
        switch value {
        case .date(let date): return [date]
        case .structure(let fields): return fields.flatMap { dates(in: $0.value) }
        case .array(let elements), .set(let elements): return elements.flatMap(dates(in:))
        case .dictionary(let entries): return entries.flatMap { dates(in: $0.value) }
        default: return []
        }
    }

    @Test("cases with a Date hold one just below a microsecond near 1970 at least once in 1,000", arguments: GenerationProfile.presets)
    func rate(profile: GenerationProfile) throws {
        let runner = CaseRunner(mappers: [], generator: CaseGenerator(profile: profile))
        var withDate = 0
        var nearBoundary = 0
        for seed in UInt64(1)...3000 {
            var source = ChoiceSource(seed: seed)
            let dates = Self.dates(in: try #require(runner.generate(from: &source).model))
            guard !dates.isEmpty else { continue }
            withDate += 1
            if dates.contains(where: Self.isJustBelowMicrosecond) { nearBoundary += 1 }
        }
        #expect(withDate >= 100, "\(profile.name): only \(withDate) of 3,000 cases hold a Date")
        #expect(nearBoundary * 1000 >= withDate, "\(profile.name): \(nearBoundary) of \(withDate) cases with a Date hold one just below a microsecond near 1970")
    }

    @Test("the simplest such date is one representable Date below 1970")
    func simplest() {
        var source = ChoiceSource(replaying: [])
        let date = source.dateBelowMicrosecondBoundary()
        #expect(date.timeIntervalSinceReferenceDate == (-978_307_200.0).nextDown)
        #expect(Self.isJustBelowMicrosecond(date))
    }
}
