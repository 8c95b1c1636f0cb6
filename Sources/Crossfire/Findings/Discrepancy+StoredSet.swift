import ModelSchema

extension Discrepancy {
    /// Whether the set this leaf was compared within (the innermost one) came back from a round
    /// trip, as a whole, as the SDK reads it back (`SDKReadBack`): every element stored and read
    /// back by storage's rules, those it made equal merged, and nothing else.
    ///
    /// The differ pairs a set's elements by likeness, equal ones first, knowing nothing of
    /// storage. Where storage moves one element onto another's written value — two dates near
    /// 1970 a microsecond apart, just below a microsecond each: the later comes back as the
    /// earlier was written, the earlier a microsecond before it — the equal ones are paired,
    /// and the leaf is two elements storage never made one from the other. Only the whole set
    /// says whether storage gave it. False for a leaf in no set.
    func enclosingSetCameBackAsStored(schema: ModelSchema) -> Bool {
        guard let sets = enclosingSet, let setType = schema.fieldType(at: sets.path) else { return false }
        return SDKReadBack.equivalent(sets.left, sets.right, type: setType, schema: schema)
    }
}
