// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";

/// @title FREE proof of liabilities: the published roots
/// @author FREE
/// @notice Each snapshot of what FREE owes its users is committed here as the root of a Merkle-sum
/// tree (docs/proof-of-liabilities.md) with its USDT and FREE totals and its leaf count. Only the
/// publisher the owner names may publish; ids strictly increase, and every publication stays
/// readable by id, so a proof of an older snapshot can still be checked against the chain.
contract Liabilities is Ownable2Step {
    /// @notice One published snapshot (`at` is the block time of its publication; 0 when absent).
    struct Publication {
        bytes32 root;
        uint256 usdt;
        uint256 free;
        uint64 leafCount;
        uint64 at;
    }

    /// @notice The address allowed to publish (the server's hot wallet).
    address public publisher;
    /// @notice Id of the latest publication (0 before the first).
    uint64 public latestId;
    mapping(uint64 id => Publication) private _publications;

    /// @notice A snapshot was published.
    /// @param id The snapshot's id.
    /// @param root The tree's root hash.
    /// @param usdt Total USDT owed (wei).
    /// @param free Total FREE owed (wei).
    /// @param leafCount Leaves of the tree, padding included (a power of two).
    event Published(uint64 indexed id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount);
    /// @notice The owner named another publisher.
    /// @param publisher The new publisher.
    event PublisherSet(address indexed publisher);

    error NotPublisher();
    error ZeroAddress();
    error IdNotIncreasing(uint64 id, uint64 latest);
    error BadLeafCount(uint64 leafCount);

    /// @param owner_ The owner (names the publisher).
    /// @param publisher_ The first publisher.
    constructor(address owner_, address publisher_) Ownable(owner_) {
        if (publisher_ == address(0)) revert ZeroAddress();
        publisher = publisher_;
        emit PublisherSet(publisher_);
    }

    /// @notice Names the publisher.
    /// @param publisher_ The new publisher.
    function setPublisher(address publisher_) external onlyOwner {
        if (publisher_ == address(0)) revert ZeroAddress();
        publisher = publisher_;
        emit PublisherSet(publisher_);
    }

    /// @notice Publishes a snapshot's root and totals.
    /// @param id The snapshot's id, above every id published before.
    /// @param root The tree's root hash.
    /// @param usdt Total USDT owed (wei).
    /// @param free Total FREE owed (wei).
    /// @param leafCount Leaves of the tree, padding included: a power of two.
    function publish(uint64 id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount) external {
        if (msg.sender != publisher) revert NotPublisher();
        if (id <= latestId) revert IdNotIncreasing(id, latestId);
        if (leafCount == 0 || leafCount & (leafCount - 1) != 0) revert BadLeafCount(leafCount);
        latestId = id;
        _publications[id] = Publication(root, usdt, free, leafCount, uint64(block.timestamp));
        emit Published(id, root, usdt, free, leafCount);
    }

    /// @notice The latest publication (all zero before the first).
    /// @return id Its id.
    /// @return root Its root hash.
    /// @return usdt Total USDT owed (wei).
    /// @return free Total FREE owed (wei).
    /// @return leafCount Leaves of its tree.
    /// @return at Block time of its publication.
    function latest()
        external
        view
        returns (uint64 id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount, uint64 at)
    {
        return publication(latestId);
    }

    /// @notice The publication of `id` (all zero but the id when there is none).
    /// @param id The snapshot's id.
    /// @return id_ The id asked for.
    /// @return root Its root hash.
    /// @return usdt Total USDT owed (wei).
    /// @return free Total FREE owed (wei).
    /// @return leafCount Leaves of its tree.
    /// @return at Block time of its publication.
    function publication(uint64 id)
        public
        view
        returns (uint64 id_, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount, uint64 at)
    {
        Publication storage p = _publications[id];
        return (id, p.root, p.usdt, p.free, p.leafCount, p.at);
    }
}
