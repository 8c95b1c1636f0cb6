import FirestoreEmulator
import FirestoreJSON
import FirestoreModel
import Foundation
import Testing

/// Crossfire's storage model against the emulator: no difference on documents that touch every
/// rule, and each fault planted in the model — invisible to the mapper differential, which
/// shares the model — is one difference at its path.
@Suite struct StorageConformanceTests {
    /// A storage model with one fault planted.
    struct PlantedModel: StoragePrediction {
        enum Fault { case depthOffByOne, reservedNamesOnlyAtTheTop, timestampsRounded, negativeZeroKept }
        let fault: Fault

        func violations(in fields: FirestoreMap, documentPath: String?) -> [LimitViolation] {
            switch fault {
            case .depthOffByOne:
                return DocumentValidator(limits: FirestoreLimits(maxDepth: 21)).violations(in: fields, documentPath: documentPath)
            case .reservedNamesOnlyAtTheTop:
                return StorageModel().violations(in: fields, documentPath: documentPath)
                    .filter { $0.rule != .reservedFieldName || $0.path.count == 1 }
            case .timestampsRounded, .negativeZeroKept:
                return StorageModel().violations(in: fields, documentPath: documentPath)
            }
        }

        func stored(_ fields: FirestoreMap) -> FirestoreMap {
            switch fault {
            case .depthOffByOne, .reservedNamesOnlyAtTheTop: return StorageModel().stored(fields)
            case .timestampsRounded, .negativeZeroKept: return FirestoreMap(fields.map { ($0.key, stored($0.value)) })
            }
        }

        /// Storage as `StorageModel` keeps it, but for the planted fault.
        private func stored(_ value: FirestoreValue) -> FirestoreValue {
            switch (fault, value) {
            case (.timestampsRounded, .timestamp(let time)):
                let rounded = (Int64(time.nanoseconds) + 500) / 1000 * 1000
                return .timestamp(rounded == 1_000_000_000 ? Timestamp(seconds: time.seconds + 1, nanoseconds: 0)
                                                           : Timestamp(seconds: time.seconds, nanoseconds: Int32(rounded)))
            case (.negativeZeroKept, .double): return value
            case (_, .map(let map)): return .map(stored(map))
            case (_, .array(let elements)): return .array(elements.map(stored))
            default: return StorageModel().stored(value)
            }
        }
    }

    /// A map nested `depth` levels deep under `field`.
    private static func nested(_ field: String, depth: Int) -> FirestoreValue {
        var value = FirestoreValue.integer(1)
        for _ in 0..<depth { value = .map(["m": value]) }
        return value
    }

    /// Documents that touch every rule the planted faults change, and some the model refuses.
    private static func documents(_ collection: String) throws -> [(reference: DocumentReference, fields: FirestoreMap)] {
        let fields: [FirestoreMap] = [
            ["plain": .integer(1), "t": .timestamp(Timestamp(seconds: 10, nanoseconds: 123_456_789))],
            ["deep": nested("deep", depth: 21)],
            ["deep": nested("deep", depth: 20)],
            ["outer": .map(["inner": .map(["__x__": .null])])],
            ["__top__": .null],
            ["z": .array([.integer(1), .double(-0.0)])],
            ["g": .geoPoint(GeoPoint(latitude: 91, longitude: 0))],
            ["a": .array([.array([])])],
        ]
        return try fields.enumerated().map { (try DocumentReference(path: "\(collection)/d\($0.offset)"), $0.element) }
    }

    @Test func crossfiresModelAgreesWithTheEmulator() throws {
        let conformance = StorageConformance(client: try SharedEmulator.emulator().client())
        let differences = try conformance.differences(try Self.documents(SharedEmulator.collection("agree")))
        #expect(differences.isEmpty, "\(differences)")
    }

    @Test(arguments: [
        (PlantedModel.Fault.depthOffByOne, "d1", "deep", LimitViolation.Rule.nestingTooDeep),
        (.reservedNamesOnlyAtTheTop, "d3", "outer.inner.__x__", .reservedFieldName),
        (.timestampsRounded, "d0", "t", nil),
        (.negativeZeroKept, "d5", "z[1]", nil),
    ] as [(PlantedModel.Fault, String, String, LimitViolation.Rule?)])
    func aPlantedFaultIsOneDifferenceAtItsPath(_ fault: PlantedModel.Fault, _ document: String, _ path: String,
                                               _ rule: LimitViolation.Rule?) throws {
        let conformance = StorageConformance(client: try SharedEmulator.emulator().client(), model: PlantedModel(fault: fault))
        let differences = try conformance.differences(try Self.documents(SharedEmulator.collection("planted")))
        try #require(differences.count == 1, "\(fault): \(differences)")
        #expect(differences[0].document.documentID == document)
        #expect(differences[0].path.description == path)
        #expect(differences[0].rule == rule)
    }
}
