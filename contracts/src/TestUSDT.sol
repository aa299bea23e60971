// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test USDT for the local chain only (18 decimals, like BSC's USDT); the owner mints freely.
contract TestUSDT is ERC20, Ownable {
    constructor(address initialOwner) ERC20("Test USDT", "USDT") Ownable(initialOwner) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
