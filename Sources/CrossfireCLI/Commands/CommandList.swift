/// Every `crossfire` command, in the order help lists them. Add a new command here.
enum CommandList {
    static let all: [any CrossfireCommand.Type] = [
        ConvertCommand.self,
        GenSwiftCommand.self,
        ReplayCommand.self,
        ShrinkCommand.self,
        PromoteCommand.self,
    ]
}
