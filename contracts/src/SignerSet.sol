// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

/// @title SignerSet
/// @notice The backend keys whose signatures a contract accepts. Normally one; two while the signer
/// is rotated without a window in which signatures are refused (docs/operations.md "Rotating the
/// signer"): the owner adds the new key, the API switches to it, and the owner removes the old key
/// once no signature made with it can still be submitted. The last key cannot be removed.
abstract contract SignerSet {
    /// @notice Whether signatures of `account` are accepted.
    mapping(address account => bool accepted) public isSigner;
    /// @notice How many keys are accepted (never 0 after construction).
    uint256 public signerCount;

    /// @notice `signer` is accepted from now on.
    /// @param signer The key added.
    event SignerAdded(address indexed signer);
    /// @notice `signer` is no longer accepted.
    /// @param signer The key removed.
    event SignerRemoved(address indexed signer);

    /// @notice The signer address was zero.
    error ZeroSigner();
    /// @notice `account` is already accepted.
    /// @param account The address.
    error AlreadySigner(address account);
    /// @notice `account` is not an accepted signer.
    /// @param account The address.
    error NotSigner(address account);
    /// @notice Removing `account` would leave no accepted signer.
    /// @param account The last signer.
    error LastSigner(address account);

    /// @dev Accepts `signer` (owner-only in the contracts that expose it).
    function _addSigner(address signer) internal {
        if (signer == address(0)) revert ZeroSigner();
        if (isSigner[signer]) revert AlreadySigner(signer);
        isSigner[signer] = true;
        ++signerCount;
        emit SignerAdded(signer);
    }

    /// @dev Stops accepting `signer`; never the last one.
    function _removeSigner(address signer) internal {
        if (!isSigner[signer]) revert NotSigner(signer);
        if (signerCount == 1) revert LastSigner(signer);
        isSigner[signer] = false;
        --signerCount;
        emit SignerRemoved(signer);
    }
}
