import Crossfire

/// The mappers `--mappers` can name: the selectable ones (`MapperSpec.selectable`: the
/// built-in ones and `reflective`) and the test fixtures `trap` and `hang` (`MisbehavingMapperFixture`) and `dropnull`
/// (`DropNullsFixture`).
enum MapperChoice {
    /// The mappers when `--mappers` is not given.
    static let defaultNames = MapperSpec.builtIn.map(\.name)

    /// Every name, fixtures last.
    static var knownNames: [String] { MapperSpec.selectable.map(\.name) + fixtures.map(\.name) }

    /// The test fixtures.
    static let fixtures = [MisbehavingMapperFixture.trap, MisbehavingMapperFixture.hang, DropNullsFixture.spec]

    /// The mappers of a comma-separated list, in order. The first is the reference and must
    /// compare strictly (`codable`, `strict`, `trap`, `hang` or `dropnull`); no name may appear twice.
    static func specs(_ list: String) throws(UsageError) -> [MapperSpec] {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        var specs: [MapperSpec] = []
        for name in names {
            guard !name.isEmpty else { throw UsageError(message: "invalid value '\(OneLine.escaped(list))' for --mappers (an empty mapper name)") }
            guard !specs.contains(where: { $0.name == name }) else {
                throw UsageError(message: "mapper \"\(OneLine.escaped(name))\" given more than once in --mappers")
            }
            if let fixture = fixtures.first(where: { $0.name == name }) {
                specs.append(fixture)
                continue
            }
            do {
                specs.append(contentsOf: try MapperSpec.named([name]))
            } catch {
                throw UsageError(message: "unknown mapper \"\(OneLine.escaped(name))\" in --mappers (known: \(knownNames.joined(separator: ", ")))")
            }
        }
        guard let reference = specs.first, reference.style == .strict else {
            throw UsageError(message: "the first mapper of --mappers is the reference and must be strict (codable, strict, trap, hang or dropnull), not \(specs.first?.name ?? "nothing")")
        }
        return specs
    }
}
