import ModelSchema

/// Generates random model types — valid schemas only — from a `ChoiceSource`.
///
/// What "valid" means here, rule by rule:
/// - `@DocumentID` only on `String?` or `DocumentReference?`; `@ServerTimestamp` only on
///   `Date?` or `Timestamp?`; `@ExplicitNull` only on optionals; wrappers only on fields;
/// - no `T??`; no struct contains itself, directly or not (a struct only uses structs
///   finished before it);
/// - type names `[A-Z][A-Za-z0-9_]*`, unique and never a built-in type's name; property
///   and case names `[a-z][A-Za-z0-9_]*`, unique per struct or enum, never a keyword or a
///   name Swift or the emitted code declares; a property name is never a sibling's key;
/// - coding keys non-empty, at most 1,500 UTF-8 bytes, not `__…__`, without control
///   characters, unique per struct by code points — so canonically equivalent keys such as
///   `é` and `e\u{301}` may sit side by side, as may dots, spaces, backticks, emoji;
/// - a field is left out of `CodingKeys` only when its type has a zero value
///   (`FieldType.zeroValue`), and never every field of a struct (Swift has no
///   `enum CodingKeys: String, CodingKey` without cases);
/// - enums have at least one case and distinct raw values (Swift's implicit ones
///   included), without `Int` overflow;
/// - Firestore's limits: no document value nests deeper than the profile's
///   `effectiveMaxDepth` (at most 20); nothing that is stored as an array (arrays, sets,
///   enum-keyed dictionaries) is an element of an array or a value of an enum-keyed
///   dictionary; set elements are hashable scalars or enums.
///
/// The generator orders every choice so that smaller choices give simpler schemas: an
/// exhausted input gives a root struct without fields.
package struct SchemaGenerator: Sendable {
    /// The knobs.
    package let profile: GenerationProfile
    let typeWeights: [Int]
    /// The situation targets the profile can make, by table (`SituationTarget.goals(for:)`).
    let goalTables: [[SituationTarget.Goal]]

    /// A generator for the profile.
    package init(profile: GenerationProfile = .default) {
        self.profile = profile
        typeWeights = profile.typeWeights.ordered
        goalTables = SituationTarget.goals(for: profile)
    }

    /// A new random schema — or the profile's fixed schema, drawing no choice.
    package func generate(from source: inout ChoiceSource) -> ModelSchema {
        generateTargeted(from: &source).schema
    }

    /// A new random schema and the rule situation its root's first field carries, when it has
    /// one (`SituationTarget`) — or the profile's fixed schema, drawing no choice.
    func generateTargeted(from source: inout ChoiceSource) -> (schema: ModelSchema, target: SituationTarget?) {
        if let fixed = profile.fixedSchema { return (fixed, nil) }
        var builder = SchemaBuilder(profile: profile, typeWeights: typeWeights, goalTables: goalTables)
        let schema = builder.build(from: &source)
        return (schema, builder.target)
    }
}
