// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// $BEAT: OpenZeppelin's ERC-20 as it is. The whole supply is minted to the account that deploys it,
/// the payouts treasury, which pays producers from it.
contract BeatToken is ERC20 {
    constructor(uint256 initialSupply) ERC20("Beatmatch", "BEAT") {
        _mint(msg.sender, initialSupply);
    }
}
