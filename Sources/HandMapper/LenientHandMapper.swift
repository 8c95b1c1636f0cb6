import FirestoreModel
import ModelSchema

/// The hand-written dictionary mapper of older apps: `data["k"] as? T ?? default`, driven
/// by a schema. It never fails: where a value is absent, null, of another type or cannot be
/// parsed, the property (or element) takes its type's zero value — nil for optionals — and
/// the substitution is recorded, so that each silent default can be reported.
///
/// The casts are those an app on Apple platforms gets from NSNumber bridging: `as? Bool`
/// takes the numbers 0 and 1, `as? Int` any number that holds an integer exactly
/// (booleans too), `as? Double` any number, `as? Float` only numbers a Float holds exactly,
/// `as? String` only strings; a `Date` is read from a `Timestamp` by `dateValue()` and from
/// nothing else.
package struct LenientHandMapper: Sendable {
    /// The model type this mapper maps.
    package let schema: ModelSchema
    private let plan: SchemaPlan

    /// Prepares a mapper for the schema's root struct.
    package init(schema: ModelSchema) {
        self.schema = schema
        self.plan = SchemaPlan(schema)
    }

    /// The root struct from a document's data, and every default substituted on the way.
    /// - Parameter reference: the document's reference, for `@DocumentID` properties.
    package func decode(_ data: [String: Any], reference: DocumentReference?) -> LenientResult {
        var decoder = LenientDecoder(plan: plan, reference: reference)
        let value = decoder.decodeRoot(data)
        return LenientResult(value: value, defaults: decoder.defaults)
    }

    /// The document data for a value of the root struct: as the strict mapper writes it,
    /// except that NaN and ±Inf are written as they are and a value that does not match the
    /// schema is written as null.
    package func encode(_ value: ModelValue) -> [String: Any] {
        var encoder = DocumentEncoder<LenientEncoding>(plan: plan)
        return encoder.encodeRoot(value)
    }
}

/// What the lenient mapper read: the value and the defaults it put in silently.
package struct LenientResult: Hashable, Sendable {
    /// The root struct.
    package var value: ModelValue
    /// Every substitution, in the order the mapper met them.
    package var defaults: [SilentDefault]

    /// Creates a result.
    package init(value: ModelValue, defaults: [SilentDefault]) {
        self.value = value
        self.defaults = defaults
    }
}

/// One place where the lenient mapper put a default instead of the document's value.
package struct SilentDefault: Hashable, Sendable, CustomStringConvertible {
    /// The path of the value concerned (for a missing key, including the key).
    package var path: ValuePath
    /// What the strict mapper reports for the same value. Where strict decoding accepts
    /// what the idiom's cast refuses (a `{seconds, nanoseconds}` map for a `Date`, a
    /// base64 string for `Data`), `typeMismatch`; for a number the cast cannot hold exactly,
    /// `dataCorrupted`.
    package var kind: MappingErrorKind
    /// What was there: `a string ("x")`, `null`, `nothing`, …
    package var found: String
    /// The value put in its place; `.null` also where an entry was left out (the dangling
    /// last key of an odd-length enum-keyed dictionary array).
    package var substituted: ModelValue

    /// Creates a record.
    package init(path: ValuePath, kind: MappingErrorKind, found: String, substituted: ModelValue) {
        self.path = path
        self.kind = kind
        self.found = found
        self.substituted = substituted
    }

    /// `tags[2].color: typeMismatch, found a number (integer 3), substituted Color(…)`.
    package var description: String { "\(path): \(kind.rawValue), found \(found), substituted \(substituted)" }
}
