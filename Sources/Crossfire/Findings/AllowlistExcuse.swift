/// Whose behaviour an allowlist entry excuses: the same outcome from any other mapper is
/// unexpected.
package enum AllowlistExcuse: Sendable, Hashable {
    /// Every mapper alike: a rule of storage or of the SDK's write and read paths, which every
    /// mapper's documents go through.
    case everyMapper
    /// The run's reference mapper, the SDK's own semantics (`Firestore.Decoder`'s coding path):
    /// another mapper that does the same departs.
    case reference
    /// The mappers of one style (the lenient `?? default` idiom and its `as?` casts).
    case style(MapperStyle)
    /// One mapper, by name (a family's documented divergences).
    case mapper(String)
}
