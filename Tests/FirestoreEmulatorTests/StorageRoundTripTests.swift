import Crossfire
import EmulatorStorageCheck
import FirestoreEmulator
import FirestoreModel
import Foundation
import ModelSchema
import Testing

/// The full round trip through the database: model → each encoder → write path → emulator →
/// read path → each decoder, compared with the round trip in memory. Crossfire's own storage
/// gives no difference on a time below the microsecond; a storage planted to keep that time —
/// which the round trip in memory then gives back exactly, so that no mapper check sees it —
/// is found as one storage class at the field.
@Suite struct StorageRoundTripTests {
    /// The write path, then every timestamp put back as the encoder's output held it: storage
    /// that keeps time below the microsecond, as Firestore does not.
    struct SubMicrosecondStorage: DocumentStorage {
        func store(_ data: [String: Any], database: DatabaseID, serverTime: Timestamp) throws -> FirestoreMap {
            let stored = try WritePathStorage().store(data, database: database, serverTime: serverTime)
            return FirestoreMap(stored.map { ($0.key, untruncated($0.value, data[$0.key])) })
        }

        private func untruncated(_ value: FirestoreValue, _ original: Any?) -> FirestoreValue {
            switch (value, original) {
            case (.timestamp, let date as Date): return .timestamp(Timestamp(date: date))
            case (.timestamp, let time as Timestamp): return .timestamp(time)
            case (.map(let map), let dictionary as [String: Any]):
                return .map(FirestoreMap(map.map { ($0.key, untruncated($0.value, dictionary[$0.key])) }))
            case (.array(let elements), let array as [Any]) where array.count == elements.count:
                return .array(zip(elements, array).map { untruncated($0, $1) })
            default: return value
            }
        }
    }

    /// A struct with a `Date` and an `Int`.
    static let times = ModelSchema(root: "Times", structs: [
        StructSchema(name: "Times", fields: [FieldSchema(name: "at", type: .date), FieldSchema(name: "count", type: .integer(.int))]),
    ])
    /// 2023-11-14T22:13:20.123456789Z as a `Date`: below the microsecond, 789 ns (as a Double, about that).
    static let date = Date(timeIntervalSince1970: 1_700_000_000.123_456_789)

    /// The storage findings of one case whose model is `model` (by default `date` and 3) of
    /// `schema`, stored through `storage`.
    private func storageFindings(_ storage: any DocumentStorage, schema: ModelSchema = Self.times,
                                 model: ModelValue = .structure([ModelField(name: "at", value: .date(Self.date)),
                                                                 ModelField(name: "count", value: .int(3))])) throws -> [Finding] {
        let runner = CaseRunner(mappers: try MapperSpec.named(["codable", "strict"]), generator: CaseGenerator(profile: .default),
                                storage: storage, storageCheck: EmulatorStorageCheck(client: try SharedEmulator.emulator().client()))
        let record = CaseRecord(schema: schema, reference: try DocumentReference(path: "times/t1"), document: nil, model: model)
        return runner.run(record).findings.filter { $0.discrepancy.check == .storage }
    }

    @Test func negativeZeroReadThroughTheEmulatorAsZeroIsExpected() throws {
        let schema = ModelSchema(root: "Zeros", structs: [StructSchema(name: "Zeros", fields: [
            FieldSchema(name: "d", type: .double), FieldSchema(name: "f", type: .float), FieldSchema(name: "g", type: .geoPoint),
            FieldSchema(name: "s", type: .set(.geoPoint)),
        ])])
        let model = ModelValue.structure([
            ModelField(name: "d", value: .double(-0.0)), ModelField(name: "f", value: .float(-0.0)),
            ModelField(name: "g", value: .geoPoint(GeoPoint(latitude: -0.0, longitude: 1))),
            // Two elements that 0.0 makes one: the set read through the emulator has one.
            ModelField(name: "s", value: .set([.geoPoint(GeoPoint(latitude: -0.0, longitude: 1)), .geoPoint(GeoPoint(latitude: 0, longitude: 1))])),
        ])
        let findings = try storageFindings(WritePathStorage(), schema: schema, model: model)
        #expect(Set(findings.compactMap(\.discrepancy.path.components.first)) == [.key("d"), .key("f"), .key("g"), .key("s")])
        #expect(findings.allSatisfy { $0.explanation?.id == "server-gives-zero-for-negative-zero" }, "\(findings.map(\.discrepancy))")
    }

    @Test func crossfiresStorageReadsBackThroughTheEmulatorAsInMemory() throws {
        let findings = try storageFindings(WritePathStorage())
        #expect(findings.isEmpty, "\(findings.map(\.discrepancy))")
    }

    @Test func storageKeepingTimeBelowTheMicrosecondIsOneClassAtItsField() throws {
        let findings = try storageFindings(SubMicrosecondStorage())
        #expect(Set(findings.map(\.key)).count == 1, "one class: \(findings.map(\.key.canonical))")
        #expect(findings.count == 2, "one finding per decoder (codable, strict)")
        for finding in findings {
            let discrepancy = finding.discrepancy
            #expect(discrepancy.kind == .storageDisagreement)
            #expect(discrepancy.path == ValuePath(keys: "at"))
            #expect(Self.isCutToTheMicrosecond(discrepancy), "\(discrepancy.outcomes)")
            #expect(!finding.isExpected)
        }
    }

    @Test func storageKeepingTimeBelowTheMicrosecondIsFoundInACampaign() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storage-round-trip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var options = CampaignOptions(seed: 7, cases: 150, profile: .default, outputDirectory: directory.path, shrinkAttempts: 30,
                                      shrinkTime: .seconds(5), jobs: 2)
        options.storage = SubMicrosecondStorage()
        options.storageCheck = EmulatorStorageCheck(client: try SharedEmulator.emulator().client())
        let unexpected = try Campaign(options: options).run().classes.filter { $0.isUnexpected && $0.key.check == .storage }
        #expect(!unexpected.isEmpty, "the planted storage is found")
        for found in unexpected {
            let discrepancy = found.example.discrepancy
            #expect(Self.isCutToTheMicrosecond(discrepancy), "\(found.key.canonical) at \(discrepancy.path): \(discrepancy.outcomes)")
        }
    }

    /// Whether a storage discrepancy's round trip in memory holds a time and its read through
    /// the emulator that time cut to the microsecond: a `Timestamp` exactly, a `Date` (a Double
    /// of seconds) as near as its precision holds it.
    static func isCutToTheMicrosecond(_ discrepancy: Discrepancy) -> Bool {
        guard discrepancy.outcomes.map(\.mapper) == [StorageParticipant.model, StorageParticipant.emulator] else { return false }
        switch (discrepancy.outcomes[0].leaf, discrepancy.outcomes[1].leaf) {
        case let (.model(.timestamp(memory))?, .model(.timestamp(emulator))?):
            return memory != emulator && memory.truncatedToMicroseconds() == emulator
        case let (.model(.date(memory))?, .model(.date(emulator))?):
            let (kept, given) = (memory.timeIntervalSince1970, emulator.timeIntervalSince1970)
            return kept != given && given <= kept + kept.ulp && kept - given < 1e-6 + 2 * kept.ulp
        default:
            return false
        }
    }
}
