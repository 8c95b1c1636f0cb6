import FirestoreModel
import ModelSchema

/// How big a (shrunk) case is, measured against the place of its finding.
enum ShrunkCaseSize {
    /// The struct fields the path passes through, as (struct name, property name), from the
    /// root. A struct step matches a field by coding key, or else by property name (a mapper
    /// that ignores a rename reports the property name); array, set and dictionary steps
    /// pass into their element type.
    static func fieldsOnPath(_ path: ValuePath, in schema: ModelSchema) -> [(structName: String, field: String)] {
        var onPath: [(structName: String, field: String)] = []
        var currentStruct = schema.rootStruct
        var current: FieldType?
        for component in path.components {
            if let structSchema = currentStruct {
                guard case .key(let key) = component,
                      let field = structSchema.fields.first(where: { $0.codingKey?.utf8.elementsEqual(key.utf8) == true })
                        ?? structSchema.fields.first(where: { $0.name.utf8.elementsEqual(key.utf8) })
                else { break }
                onPath.append((structSchema.name, field.name))
                current = field.type
                currentStruct = nil
            } else {
                guard let type = current?.unwrapped else { break }
                switch (type, component) {
                case (.array(let element), .index), (.set(let element), .index):
                    current = element
                case (.dictionary(.enumeration(let name), let value), .index(let index)):
                    current = index % 2 == 0 ? .enumeration(name) : value
                case (.dictionary(_, let value), .key):
                    current = value
                default:
                    current = nil
                }
            }
            if case .structure(let name)? = current?.unwrapped {
                currentStruct = schema.structSchema(named: name)
            }
            if current == nil && currentStruct == nil { break }
        }
        return onPath
    }

    /// How many fields the schema's structs have beyond those on the way to `path`: every
    /// field of every struct counts (coded or not), each struct once however often it is used.
    static func fieldsBeyond(_ path: ValuePath, in schema: ModelSchema) -> Int {
        let total = schema.structs.reduce(0) { $0 + $1.fields.count }
        var distinct: [(structName: String, field: String)] = []
        for step in fieldsOnPath(path, in: schema) where !distinct.contains(where: { $0.structName == step.structName && $0.field == step.field }) {
            distinct.append(step)
        }
        return total - distinct.count
    }
}
