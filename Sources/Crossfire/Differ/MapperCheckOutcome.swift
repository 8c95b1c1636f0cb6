import FirestoreModel

/// What one mapper did in one check of a case, reduced to what a regression file pins: a
/// value, a value that came back changed (round trip), or a failure kind and where.
package struct MapperCheckOutcome: Hashable, Sendable, CustomStringConvertible {
    /// The stage of a round trip that failed.
    package enum Stage: String, Hashable, Sendable {
        /// The encoder or the write path refused the model value.
        case encode
        /// Decoding the stored document failed.
        case decode
    }

    /// The check.
    package var check: CheckKind
    /// The mapper's name.
    package var mapper: String
    /// `value`, `changed` (a round trip gave back a different value), or a `FailureKind` raw value.
    package var result: String
    /// For `changed` the first difference, for a failure its coding path; nil for `value`
    /// and for failures that name no path (the SDK's pathless errors).
    package var path: String?
    /// For a failed round trip: which stage failed.
    package var stage: Stage?

    /// Creates an outcome.
    package init(check: CheckKind, mapper: String, result: String, path: String? = nil, stage: Stage? = nil) {
        self.check = check
        self.mapper = mapper
        self.result = result
        self.path = path
        self.stage = stage
    }

    /// The label `changed`.
    package static let changed = "changed"
    /// The label `value`.
    package static let value = "value"

    /// A successful outcome.
    static func value(_ check: CheckKind, _ mapper: String) -> MapperCheckOutcome {
        MapperCheckOutcome(check: check, mapper: mapper, result: value)
    }

    /// A failed outcome.
    static func failure(_ check: CheckKind, _ mapper: String, _ failure: MappingFailure, stage: Stage? = nil) -> MapperCheckOutcome {
        MapperCheckOutcome(check: check, mapper: mapper, result: failure.kind.rawValue,
                           path: failure.hasPath ? failure.path.description : nil, stage: stage)
    }

    /// `roundTrip strict: typeMismatch at tags[0] (decode)`.
    package var description: String {
        var text = "\(check.rawValue) \(mapper): \(result)"
        if let path { text += " at \(path)" }
        if let stage { text += " (\(stage.rawValue))" }
        return text
    }
}
